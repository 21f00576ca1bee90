package server

import "embed"

// static holds the page: index.html, its script and its style sheet.
//
//go:embed static
var static embed.FS
