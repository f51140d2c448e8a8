/** Where a keyboard's unfinished writes are kept: this prefix and its vendor/product id. */
export const UNFINISHED_PREFIX = 'keyloom-unfinished-writes:';
