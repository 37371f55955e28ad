/**
 * HTML pages for people: a scan report, a score diff and a batch index, each one self-contained file (inline CSS and
 * SVG, no script, no remote loads, a Content-Security-Policy that forbids both). Templates are Mustache
 * (jmustache), which escapes every value; strings from a target are also made visible ({@link Shown}) so that bidi
 * controls and invisible characters cannot disguise what a page says. Depends on the engine's report model only.
 */
package dev.assay.html;
