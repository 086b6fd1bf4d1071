/**
 * A second handle on the same database, for named statements whose best plan is the same whatever
 * their values and costs more to make than to run: on PostgreSQL a small pool of its own whose
 * sessions set `plan_cache_mode = force_generic_plan`, so such a statement is planned once per
 * connection. PostgreSQL, left to choose, keeps planning them with their values at every run (their
 * estimated cost is lower): the selective name search spent 1.4 ms planning and 0.07 ms running.
 * Unnamed statements would get generic plans there too: only named ones belong on it.
 */
const genericPlanHandles = new WeakMap<object, object>();

export function keepGenericPlansOn<Handle extends object>(db: Handle, generic: Handle) {
  genericPlanHandles.set(db, generic);
}

/** The generic-plan handle of `db`; `db` itself in PGlite, and inside a transaction (its own connection). */
export const withGenericPlans = <Handle extends object>(db: Handle): Handle => (genericPlanHandles.get(db) as Handle | undefined) ?? db;
