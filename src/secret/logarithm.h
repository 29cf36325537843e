/* logarithm.h - log2 in long double, without libm */
#ifndef PASS_GENHELPER_LOGARITHM_H
#define PASS_GENHELPER_LOGARITHM_H

/* log2(x) for x > 0; exact for powers of two. */
long double log2_ld(long double x);

#endif
