/** Waits until `condition` holds, polling every 20 ms; fails after `ms` (the proxy's tests wait for judged exchanges and written files). */
export async function until(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
