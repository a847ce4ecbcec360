// Choice profiles: every form a conformant server may take, switched at once (docs/mock-choices.md).
import { createHandlers, createJobsMiddleware, createMockServer, MockCore } from 'jobs-conformance/mock';

const mock = await createMockServer({ profile: 'lenient', choices: { 'status.invalid-input': '422' } });
mock.core.setProfile({ profile: 'random', profileSeed: 7 }); // at run time; jobs stay
console.log(mock.core.profile.profile, mock.core.profile.choices['paging.link-form']);
await mock.close();

// The same options everywhere the core is built:
const core = new MockCore({ profile: 'alt' });
createHandlers({ baseUrl: 'https://jobs.example.test', core });
createJobsMiddleware({ profile: 'alt' });
console.log(core.profile.profile); // alt
