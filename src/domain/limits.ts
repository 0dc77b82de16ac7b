/** The seed's limits (section 8), in one place. */
export const PAGE_MIN = 1;
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 100;
export const EXCHANGE_OTHER_NAME_MAX = 200;
