/// <reference types="vite/client" />
// CSS modules, assets and import.meta.env types for the web app.
