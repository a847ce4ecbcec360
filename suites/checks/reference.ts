/**
 * @module Reference lists (spec 4.6, 2.2-2.4): position types at
 * /positiontypes, categories and locations at paths the spec does not show
 * (--categories-path, --locations-path). Their shape is not shown either: a
 * bare array or {data: [...]} of well-formed items is accepted. Jobs built on
 * their ids carry the listed names.
 */
import * as fc from 'fast-check';
import { formatIssues, validators, type Validator } from '../../schemas/index.js';
import type { Category, PositionType } from '../../schemas/types.gen.js';
import { POSITION_TYPES_PATH, listItems } from '../discovery.js';
import type { ApiResponse, Rule, RuleContext } from '../rule.js';
import { createBodyArb, identify } from './support/bodies.js';
import { show } from './support/compare.js';
import { expectStatus, responseLine } from './support/http.js';
import { createJob } from './support/jobs.js';
import { fixedRule, propertyRule } from './support/rule-builders.js';

/** Where the run reads the lists (--categories-path, --locations-path). */
function pathsOf(ctx: RuleContext): { positionTypes: string; categories: string; locations: string } {
  return ctx.refs.paths ?? { positionTypes: POSITION_TYPES_PATH, categories: '/categories', locations: '/locations' };
}

async function readList(ctx: RuleContext, path: string, what: string, validator: Validator<unknown>, section: string): Promise<unknown[]> {
  const res: ApiResponse = await ctx.api.client.request({ method: 'GET', path });
  expectStatus(ctx, res, 200, `GET ${path} answers 200 with the ${what} (spec 4.6)`);
  ctx.observe({ topic: `reference-list-shape.${what}`, section: '4.6', observed: Array.isArray(res.json) ? 'bare array' : 'object with data' });
  const result = validator(res.json);
  ctx.expect(result.ok, {
    title: `the ${what} list is not a list of ${what}`,
    expected: `a bare array or {data: [...]} of items with the fields of spec ${section} (4.6: shape not shown)`,
    received: result.ok ? '' : formatIssues(result.issues),
    failingExchange: res.exchange,
  });
  const items = listItems(res.json) ?? [];
  ctx.expect(items.length > 0, {
    title: `the ${what} list is empty`,
    expected: `at least one item: jobs need ${what} ids (spec 2, 4.2)`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  return items;
}

const positionTypes: Rule = fixedRule(
  { id: 'jobs.reference.position-types', section: '4.6', area: 'reference', title: 'GET /positiontypes lists position types {id, name}' },
  async (ctx: RuleContext) => {
    await readList(ctx, pathsOf(ctx).positionTypes, 'position types', validators.positionTypeList, '2.4');
    // "can be tried from a browser": observe whether it needs the key (5.1 covers only jobs).
    const anonymous = await ctx.api.client.request({ method: 'GET', path: POSITION_TYPES_PATH, apiKey: null });
    ctx.observe({ topic: 'reference-list-without-key', section: '4.6', observed: `GET ${POSITION_TYPES_PATH} without API-Key: ${anonymous.status}` });
    expectStatus(ctx, anonymous, (s) => s < 500, `GET ${POSITION_TYPES_PATH} without a key is answered, never with a 5xx (spec 4.6, 7)`);
  },
);

const categories: Rule = fixedRule(
  { id: 'jobs.reference.categories', section: '4.6', area: 'reference', title: 'The category list holds categories {id, name}' },
  async (ctx: RuleContext) => {
    await readList(ctx, pathsOf(ctx).categories, 'categories', validators.categoryList, '2.3');
  },
);

const locations: Rule = fixedRule(
  { id: 'jobs.reference.locations', section: '4.6', area: 'reference', title: 'The location list holds locations {id, name, description, type}' },
  async (ctx: RuleContext) => {
    const probe = await ctx.api.client.request({ method: 'GET', path: pathsOf(ctx).locations });
    if (probe.status === 404) ctx.skip(`no location list at ${pathsOf(ctx).locations} (its path is not shown, spec 4.6): set --locations-path`);
    await readList(ctx, pathsOf(ctx).locations, 'locations', validators.locationList, '2.2');
  },
);

interface Named {
  id: number;
  name: string;
}

function names(items: unknown[]): Map<number, string> {
  return new Map((items as Named[]).filter((item) => Number.isInteger(item?.id)).map((item) => [item.id, item.name]));
}

const idsCarryNames: Rule = fixedRule(
  { id: 'jobs.reference.ids-accepted', section: '2.4', area: 'reference', title: 'Jobs accept every listed position type and category, and return their names' },
  async (ctx: RuleContext) => {
    const positionNames = names(await readList(ctx, pathsOf(ctx).positionTypes, 'position types', validators.positionTypeList, '2.4'));
    const categoryNames = names(await readList(ctx, pathsOf(ctx).categories, 'categories', validators.categoryList, '2.3'));
    const pick = fc.record({
      body: createBodyArb(ctx),
      positionType: fc.constantFrom(...positionNames.keys()),
      category: fc.constantFrom(...categoryNames.keys()),
    });
    await ctx.check(
      pick,
      async ({ body, positionType, category }) => {
        const job = await createJob(ctx, { ...identify(ctx, body), positionType: { id: positionType }, categories: [{ id: category }] });
        const gotType: PositionType = job.positionType;
        const gotCategory: Category | undefined = job.categories.find((c) => c.id === category);
        ctx.expect(gotType.id === positionType && gotType.name === positionNames.get(positionType) && gotCategory?.name === categoryNames.get(category), {
          title: `position type ${positionType} / category ${category} came back as ${show(gotType)} / ${show(job.categories)}`,
          expected: 'the job carries the listed position type and category, with the names of the lists (spec 2.3, 2.4, 4.6)',
          received: `positionType ${show(gotType)}, categories ${show(job.categories)}; lists: ${show(positionNames.get(positionType))}, ${show(categoryNames.get(category))}`,
        });
      },
      { runs: Math.min(ctx.runs, 10) },
    );
  },
);

export const referenceRules: Rule[] = [positionTypes, categories, locations, idsCarryNames];
