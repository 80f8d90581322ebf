import { z } from 'zod';
import { zodIssueMessage } from '../zod-messages.ts';

/**
 * zod as every contract here imports it: the same `z`, with the Indonesian messages installed before any
 * schema can parse. The install rides on the schemas, not on the package's index, so a screen that only
 * imports texts or formatters from this package (the login page) does not load zod.
 */
z.config({ customError: zodIssueMessage });

export { z };
