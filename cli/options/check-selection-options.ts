/**
 * @module `--only` and `--skip` of the proxy and check-har: which checks run, named by the rules they report under,
 * in the suite's pattern syntax (an id prefix or a glob, comma-separated: suites/catalog/rule-patterns.ts), as
 * Schemathesis's `--checks`. A list that names no rule the proxy checks is refused before anything runs.
 */
import { InvalidArgumentError } from 'commander';
import { CheckSelectionError, ruleSelection } from '../../proxy/checks/registry.js';
import type { CliOption } from './option-table.js';

/** The patterns of a comma-separated list, each checked to name at least one rule of the proxy's checks. */
function patternsOf(option: 'only' | 'skip'): (text: string) => string[] {
  return (text) => {
    const patterns = text
      .split(',')
      .map((pattern) => pattern.trim())
      .filter((pattern) => pattern !== '');
    try {
      ruleSelection({ [option]: patterns });
    } catch (error) {
      if (error instanceof CheckSelectionError) throw new InvalidArgumentError(error.message);
      throw error;
    }
    return patterns;
  };
}

/** What the two rows read: the patterns of each list. */
export type CheckSelectionOptions = {
  only?: string[];
  skip?: string[];
};

export const CHECK_SELECTION_ROWS: readonly CliOption<CheckSelectionOptions>[] = [
  {
    key: 'only',
    flag: 'only',
    value: 'patterns',
    description: 'run only the checks of rules whose id starts with or matches (glob *) one of the comma-separated patterns',
    parse: patternsOf('only'),
    example: 'jobs.paging',
  },
  {
    key: 'skip',
    flag: 'skip',
    value: 'patterns',
    description: 'do not run the checks of rules whose id starts with or matches (glob *) one of the comma-separated patterns',
    parse: patternsOf('skip'),
    example: 'proxy.client',
  },
];
