/**
 * @module A proxy option that cannot be used (a target that is no http or https URL): the command line
 * answers it like any bad flag, one line and exit 2.
 */
export class ProxyConfigError extends Error {
  override readonly name = 'ProxyConfigError';

  constructor(
    /** The option at fault, as its flag names it without dashes. */
    readonly option: string,
    message: string,
  ) {
    super(message);
  }
}
