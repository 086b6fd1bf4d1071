import crypto from 'node:crypto';

/**
 * Headers that give one bench socket a client address of its own (X-Forwarded-For, which a node
 * trusts from loopback by default): the nodes' per-address realtime limits (docs/operations.md,
 * "Realtime limits per address") then count the simulated clients apart, as they would people on
 * their own connections, rather than refusing thousands of sockets from 127.0.0.1.
 */
export const ownAddress = (): Record<string, string> => {
  const [a, b, c] = crypto.randomBytes(3);
  return { 'x-forwarded-for': `10.${a}.${b}.${c}` };
};
