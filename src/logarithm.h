/* logarithm.h - the few logarithms the entropy figures need, without libm */
#ifndef PASS_GENHELPER_LOGARITHM_H
#define PASS_GENHELPER_LOGARITHM_H

/* log2(x) for x > 0; exact for powers of two. */
long double log2_ld(long double x);

/* log2(1 + y) for y > -1, accurate also when |y| is tiny. */
long double log2_1p_ld(long double y);

/* base^exponent by repeated squaring. */
long double pow_ld(long double base, unsigned long exponent);

#endif
