// Stylesheets are imported for their side effect and bundled by Rspack; TypeScript 7 checks that a side-effect
// import resolves (noUncheckedSideEffectImports), which this declaration satisfies for every `.css` file.
declare module '*.css';
