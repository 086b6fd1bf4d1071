/**
 * The followers of one kind of change, told inside the writer's transaction. The composition root
 * adds each module's follower once per process; a follower added again is not added twice, and
 * they run one after another in the order they were added.
 */
export function followerList<Change>() {
  const followers = new Set<(change: Change) => Promise<void> | void>();
  return {
    subscribe(...added: Array<(change: Change) => Promise<void> | void>) {
      for (const f of added) followers.add(f);
    },
    async tell(change: Change) {
      for (const f of followers) await f(change);
    },
  };
}
