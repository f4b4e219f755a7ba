export { type CatalogueEnumeration, CatalogueOptions, catalogueOptions } from './CatalogueOptions.tsx';
