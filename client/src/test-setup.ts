import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy` may wait for a lazily loaded part (react-aria's Select, a dialog): on a machine running the other
// test projects beside this one, loading it took over the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);
