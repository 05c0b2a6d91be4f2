"""The Big Six wheel (§ 619a): one uniform draw over 54 sections, seven wagers on its symbols."""
