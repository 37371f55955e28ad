/** SafetyCard scorecards: read, validate, verify against the reviewed repository, score with the safetycard formula, render. */
package dev.assay.safetycard;
