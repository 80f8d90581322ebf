import { configure } from '@testing-library/react';

// Screens and shells load lazily; the first import of a shell (antd menus) can take over a second in a test.
configure({ asyncUtilTimeout: 5000 });
