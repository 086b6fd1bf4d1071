/**
 * PostgreSQL: a second handle on the same database, for named statements whose best plan is the
 * same whatever their values and costs more to make than to run. Its statements are planned once,
 * with `plan_cache_mode = force_generic_plan`, by a small pool of its own whose sessions set it.
 * Left to choose, PostgreSQL plans them with their values at every run (it estimates those plans
 * cheaper): the selective name search spent 1.4 ms planning and 0.07 ms running. Unnamed
 * statements would get generic plans there too: only named ones belong on it. PGlite keeps no
 * statement (each is parsed and planned with its values): there the handle is the database's own.
 */
const genericPlanHandles = new WeakMap<object, object>();

export function keepGenericPlansOn<Handle extends object>(db: Handle, generic: Handle) {
  genericPlanHandles.set(db, generic);
}

/** The generic-plan handle of `db`; a transaction's own handle (its connection) is its own. */
export const withGenericPlans = <Handle extends object>(db: Handle): Handle => (genericPlanHandles.get(db) as Handle | undefined) ?? db;
