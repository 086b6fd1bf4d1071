/**
 * A second handle on the same database, for named statements whose best plan is the same whatever
 * their values and costs more to make than to run. Its statements are planned once, with
 * `plan_cache_mode = force_generic_plan`: on PostgreSQL by a small pool of its own whose sessions
 * set it; in PGlite (one session) by setting it around each statement of the handle
 * (`pglite-one-call`). Left to choose, PostgreSQL plans them with their values at every run (it
 * estimates those plans cheaper): the selective name search spent 1.4 ms planning and 0.07 ms
 * running. Unnamed statements would get generic plans there too: only named ones belong on it.
 */
const genericPlanHandles = new WeakMap<object, object>();

export function keepGenericPlansOn<Handle extends object>(db: Handle, generic: Handle) {
  genericPlanHandles.set(db, generic);
}

/** The generic-plan handle of `db`; a transaction's own handle (its connection) is its own. */
export const withGenericPlans = <Handle extends object>(db: Handle): Handle => (genericPlanHandles.get(db) as Handle | undefined) ?? db;
