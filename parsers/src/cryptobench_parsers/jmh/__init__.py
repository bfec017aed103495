"""JMH: the `-rf json` result file and the result tables JMH prints."""
