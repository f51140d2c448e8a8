// A namespace file imported with `?lingui` is its compiled catalog (scripts/linguiCatalogPlugin.ts).
declare module '*.json?lingui' {
  const catalog: import('./catalogFormat.ts').CompiledCatalog;
  export default catalog;
}
