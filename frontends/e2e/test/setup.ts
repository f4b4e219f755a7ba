// Every journey file: a failed test's message ends with what the open pages showed (page-record.ts).
import { beforeEach } from 'vitest';
import { describeOpenPages } from './page-record.ts';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const pages = await describeOpenPages();
    const first = task.result?.errors?.[0];
    // The reporter prints the errors after this: the pages go into the first one's message.
    if (first) first.message = `${first.message}\n\nThe open pages:\n${pages}`;
    else console.error(`The open pages:\n${pages}`);
  });
});
