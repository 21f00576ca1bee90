// Package fpdoc is the f-puzzles JSON document as the variant codecs see
// it: a [Reader] over the document's members, raw JSON per key, with
// helpers that read constraint lists and "R1C2" cell references and
// describe mistakes in JSON terms, and a [Writer] that collects the members
// a puzzle encodes to. Package variants defines each family's codec over
// these two types and package fpuzzles drives them, so neither depends on
// the other's private types; fpdoc itself knows no variant.
//
// Naming: a key is a top-level member such as "thermometer", a [Part] one
// element of a constraint list, a ref an "R{row}C{col}" cell reference
// counted from 1, at the place of a value in messages ("thermometer[2]").
package fpdoc
