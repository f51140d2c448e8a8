// A namespace file imported with `?lingui` is its compiled catalog (scripts/linguiCatalogPlugin.ts).
declare module '*.json?lingui' {
  // An ambient module cannot import a relative path, and a top-level import would make this file a module.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const catalog: import('./catalogFormat.ts').CompiledCatalog;
  export default catalog;
}
