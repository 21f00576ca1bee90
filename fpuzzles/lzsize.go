package fpuzzles

import "strings"

// maxExpanded bounds the length, in UTF-16 units, of the text lz-string data
// may decompress to. lz-string can expand quadratically (each dictionary
// entry is one longer than the one before), so a few kilobytes of crafted
// data could otherwise ask for gigabytes.
var maxExpanded = 8 << 20 // a variable for tests

// expandedLen returns how many UTF-16 units the lz-string base64 data s
// decompresses to, without building the text: it replays the decoder's
// reading of codes and keeps only the length of each dictionary entry. It
// stops early, returning a value above limit, once the output would exceed
// limit, and returns what it has when the data ends or is corrupt (the real
// decompressor then reports the error).
func expandedLen(s string, limit int) int {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	val := func(i int) int {
		if i >= len(s) {
			return -1
		}
		return max(strings.IndexByte(alphabet, s[i]), 0)
	}
	cur, mask, next := val(0), 32, 1
	ended := false
	read := func(n int) int { // n bits, least significant first
		bits := 0
		for k := 0; k < n; k++ {
			if cur&mask != 0 {
				bits |= 1 << k
			}
			if mask >>= 1; mask == 0 {
				mask = 32
				if cur = val(next); cur < 0 {
					ended = true
				}
				next++
			}
		}
		return bits
	}
	lens := []int{0, 0, 0} // entry lengths; codes 0..2 are markers
	enlarge, bitsPer := 4, 3
	switch k := read(2); k {
	case 0, 1:
		read(8 << k) // the first character
	default:
		return 0
	}
	lens = append(lens, 1)
	w, total := 1, 1
	for !ended && next <= len(s)+1 {
		c := read(bitsPer)
		switch c {
		case 0, 1:
			// A new literal: 8 or 16 bits, then a one-unit entry.
			read(8 << c)
			lens = append(lens, 1)
			c = len(lens) - 1
			enlarge--
		case 2:
			return total
		}
		if enlarge == 0 {
			enlarge = 1 << bitsPer
			bitsPer++
		}
		var entry int
		switch {
		case c < len(lens):
			entry = lens[c]
		case c == len(lens):
			entry = w + 1
		default:
			return total // corrupt
		}
		if total += entry; total > limit || len(lens) > 1<<16 {
			return limit + 1
		}
		lens = append(lens, w+1)
		enlarge--
		w = entry
		if enlarge == 0 {
			enlarge = 1 << bitsPer
			bitsPer++
		}
	}
	return total
}
