#!/usr/bin/env node
// Committed bin wrapper: it exists before `npm ci` builds dist/, so npm can link it.
import '../dist/cli/jobs-conformance.js';
