import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Role queries skip the check that an element is visible to assistive
// technology: it calls jsdom's getComputedStyle for each candidate and its
// ancestors, which with MUI's style sheets was the largest CPU cost of these
// tests. For the same reason the tests look up elements by text, label or
// test id rather than by role and accessible name across a whole page.
configure({ defaultHidden: true });

// No test here waits on a clock: the components' polls, MUI's delays and
// testing-library's waits run on a fake clock (src/__testUtils__/fakeClock.ts),
// and a missing answer or element fails after a fixed number of event-loop
// turns, not of milliseconds. What is left for Jest's timeout is CPU time:
// mounting Backstage's tables in jsdom takes up to about a second a test on
// an idle machine, and a machine shared with other builds stretches that
// many times over (at a load average of 20 on 2 cores the heaviest test took
// 28 s). So the timeout is only there to catch a test that hangs.
jest.setTimeout(60_000);
