import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parsePort } from './port-option.js';

describe('parsePort', () => {
  it.each([['0', 0], ['4010', 4010], ['65535', 65535]])('takes %s', (value, port) => {
    expect(parsePort(value)).toBe(port);
  });

  it.each(['65536', '-1', '40.5', '', ' 80', '0x50'])('refuses %j', (value) => {
    expect(() => parsePort(value)).toThrow(InvalidArgumentError);
  });
});
