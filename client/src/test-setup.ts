import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy` may wait for a lazily loaded part (react-aria's Select, a dialog), which loads when pressed: the first
// import of react-aria in a test worker compiles it, which took up to 9 s on a machine running the other test
// projects beside this one.
configure({ asyncUtilTimeout: 12_000 });

afterEach(cleanup);
