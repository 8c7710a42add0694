import { configure } from '@testing-library/react';

// The first render of a route loads its lazy module, which vitest transforms on demand; on a busy
// two-core CI machine (server suites run alongside) that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
