// The schemas' validators, with readable issues: the JSON Pointer, the rule, its limit and what was received.
import { exampleJobCreate, formatIssues, validators } from 'jobs-conformance/schemas';

const body: unknown = { ...exampleJobCreate, salary: { amount: 50000 } };
const result = validators.jobCreate(body);
if (!result.ok) console.log(formatIssues(result.issues, { data: body }));
// /salary/period dependentRequired: must have property period when property amount is present, got nothing
