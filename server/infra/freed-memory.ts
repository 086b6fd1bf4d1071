/**
 * glibc's allocator keeps the memory a program frees for its next allocations, and gives back to
 * the system only what lies at the top of each arena. Freed chunks between live ones stay resident
 * until `malloc_trim` returns their pages. An embedded node holds 30-45 MB of them right after it
 * opens its database, and a loaded one gathers 10-15 MB more. Outside glibc (musl, macOS) there is
 * no such call: releasing is then a no-op.
 */
type Trim = (pad: number) => number;

let trim: Promise<Trim | null> | undefined;

const loadTrim = (): Promise<Trim | null> =>
  (trim ??= (async () => {
    if (process.platform !== 'linux') return null;
    // musl has no libc.so.6 with this function: loading it throws.
    try {
      const koffi = (await import('koffi')).default;
      return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
    } catch {
      return null;
    }
  })());

/** Gives the freed memory back to the system; false where there is no glibc to ask. */
export async function releaseFreedMemory(): Promise<boolean> {
  const call = await loadTrim();
  if (!call) return false;
  call(0);
  return true;
}

/**
 * Releases every `everyMs` until the returned function is called; the timer never keeps the process
 * alive. Not at once: most of a new node's freed memory is left by the work of its first seconds.
 */
export function keepReleasingFreedMemory(everyMs: number): () => void {
  const timer = setInterval(() => void releaseFreedMemory(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
