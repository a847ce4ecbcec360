// chrome-har ships no types: the one function the HAR producer test calls.
declare module 'chrome-har' {
  export function harFromMessages(
    messages: ReadonlyArray<{ method: string; params: unknown }>,
    options?: { includeTextFromResponseBody?: boolean },
  ): unknown;
}
