/** Builds the storefront when it has never been built or a source is newer than the build. */
export function buildStorefrontIfStale(): void;
