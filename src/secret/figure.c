/* figure.c - a number of bits as a report writes it (figure.h) */
#include "config.h"

#include "secret/figure.h"

#include <stdio.h>
#include <stdlib.h>

const char *bits_against(double bits, double than, char *out, size_t size)
{
	int decimals = 1;

	for (; decimals <= 9; decimals++) {
		snprintf(out, size, "%.*f", decimals, bits);
		if ((strtod(out, NULL) < than) == (bits < than))
			return out;
	}
	/* Nine decimals still round up to `than`: cut them instead. */
	snprintf(out, size, "%.9f", than - 1e-9);
	return out;
}
