//! Go's `math` functions that Terraform's numeric functions compute with
//! (`pow` is `math.Pow`, `log` is `math.Log(x) / math.Log(base)`), step by
//! step as Go computes them on amd64, so that results agree with
//! Terraform's to the last bit: none of them is correctly rounded, so
//! Rust's `powf`, `exp` and `ln` differ from them in the last digit
//! (`pow(1.5, 2.5)` is 2.7556759606310757 in Terraform 1.11.4,
//! 2.755675960631075 with `powf`).

/// `x` to the power `y` as Terraform computes it (Go's `math.Pow`), which
/// is not always the correctly rounded result `f64::powf` gives: an integer
/// power is built by squaring the mantissa (in [0.5, 1)) and adding up
/// binary exponents, a fraction of a power as `exp(f × ln x)` with Go's own `exp` and `log`. So
/// `pow(10, 300)` is 1.0000000000000006e300 and `pow(1.7, 13)`
/// 990.45780329059312, as in Terraform 1.11.4.
pub(crate) fn go_pow(x: f64, y: f64) -> f64 {
    let odd_int =
        |v: f64| v.fract() == 0.0 && v.abs() < 9.007_199_254_740_992e15 && (v as i64) & 1 == 1;
    // Where the result runs off to 0 or infinity.
    let limit = |x: f64, y_positive: bool| {
        if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == y_positive {
            0.0
        } else {
            f64::INFINITY
        }
    };
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        return match (y < 0.0, odd_int(y)) {
            (true, true) => f64::INFINITY.copysign(x),
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return limit(x, y > 0.0);
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let (mut whole, mut part) = (y.abs().trunc(), y.abs().fract());
    if part != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if whole >= 2f64.powi(63) {
        return limit(x, y > 0.0);
    }
    // The result is `acc × 2^exp`.
    let (mut acc, mut exp) = (1.0f64, 0i64);
    if part != 0.0 {
        if part > 0.5 {
            part -= 1.0;
            whole += 1.0;
        }
        acc = go_exp(part * go_log(x));
    }
    let (mut m, mut e) = frexp(x);
    let mut bits = whole as i64;
    while bits != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&e) {
            // Certain to overflow or underflow: ldexp makes it so.
            exp += e;
            break;
        }
        if bits & 1 == 1 {
            acc *= m;
            exp += e;
        }
        m *= m;
        e <<= 1;
        if m < 0.5 {
            m += m;
            e -= 1;
        }
        bits >>= 1;
    }
    if y < 0.0 {
        acc = 1.0 / acc;
        exp = -exp;
    }
    ldexp(acc, exp)
}

/// `x` as `m × 2^e` with `|m|` in [0.5, 1); zero, infinities and NaN as
/// they are, with `e` 0.
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adjust) = if x.is_subnormal() {
        (x * 2f64.powi(52), -52)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1022 + adjust;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e)
}

/// `frac × 2^exp`, rounded once: beyond the largest `f64` it is infinite,
/// below the smallest subnormal zero.
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || !frac.is_finite() {
        return frac;
    }
    let (m, e) = frexp(frac);
    // frac × 2^exp = (2m) × 2^e, 2m in [1, 2).
    let e = exp.saturating_add(e - 1);
    if e < -1075 {
        return 0.0f64.copysign(frac);
    }
    if e > 1023 {
        return f64::INFINITY.copysign(frac);
    }
    let (e, scale) = if e < -1022 {
        (e + 53, 2f64.powi(-53))
    } else {
        (e, 1.0)
    };
    let bits = ((2.0 * m).to_bits() & !(0x7ff << 52)) | (((e + 1023) as u64) << 52);
    scale * f64::from_bits(bits)
}

/// `e^x` as Go's `math.Exp` computes it on amd64 with FMA (every x86-64
/// processor since 2013): `x = k·ln 2 + r` with `k` the nearest integer
/// to `x / ln 2` and `ln 2` split in two parts, `r / 16` through a
/// degree-8 Taylor polynomial for `e^(r/16) - 1`, squared back four times
/// as `y·(y + 2)`, and scaled by `2^k`. Beyond 709.78… it is infinite; a
/// result below the smallest subnormal is 0.
pub(crate) fn go_exp(x: f64) -> f64 {
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    const LN2_HI: f64 = 0.693147180559663;
    const LN2_LO: f64 = 2.8235290563031577e-13;
    const OVERFLOW: f64 = 709.782712893384;
    // 1/8!, 1/7!, ..., 1/3!, then 1/2 and 1.
    const TAYLOR: [f64; 8] = [
        2.48015873015873e-05,
        0.0001984126984126984,
        0.001388888888888889,
        0.008333333333333333,
        0.041666666666666664,
        0.16666666666666666,
        0.5,
        1.0,
    ];
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x > OVERFLOW {
        return f64::INFINITY;
    }
    // The processor's conversion: nearest, ties to even; out of range it
    // gives i32::MIN (as the saturating cast does here), which underflows.
    let k = (x * LOG2E).round_ties_even() as i32;
    let kf = f64::from(k);
    let r = (-kf).mul_add(LN2_LO, (-kf).mul_add(LN2_HI, x)) * 0.0625;
    let mut p = TAYLOR[0];
    for c in &TAYLOR[1..] {
        p = p.mul_add(r, *c);
    }
    let mut y = r * p;
    for _ in 0..3 {
        y *= y + 2.0;
    }
    let y = (y + 2.0).mul_add(y, 1.0);
    let biased = i64::from(k) + 0x3ff;
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    if biased > 0 {
        return y * f64::from_bits((biased as u64) << 52);
    }
    if biased < -52 {
        return 0.0;
    }
    // Subnormal: scaled in two steps, the last by 2^-1022.
    let y = y * f64::from_bits(((biased + 0x3fe) as u64) << 52);
    y * f64::from_bits(1 << 52)
}

/// The natural logarithm as Go's `math.Log` computes it on amd64:
/// `x = 2^k · f1` with `f1` in (√2/2, √2], `f = f1 - 1`, `s = f / (2 + f)`,
/// and a degree-14 polynomial in `s` (FreeBSD's `e_log.c`), without fused
/// operations. As Go's assembly does, the mantissa of a subnormal is taken
/// as it is (not normalized first), and `f1` equal to √2/2 counts as below
/// it.
pub(crate) fn go_log(x: f64) -> f64 {
    const HALF_SQRT2: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const LN2_HI: f64 = 0.6931471803691238;
    const LN2_LO: f64 = 1.9082149292705877e-10;
    const L: [f64; 7] = [
        0.6666666666666735,
        0.3999999999940942,
        0.2857142874366239,
        0.22222198432149784,
        0.1818357216161805,
        0.15313837699209373,
        0.14798198605116586,
    ];
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x < 0.0 || x.is_nan() {
        return f64::NAN;
    }
    if x == f64::INFINITY {
        return x;
    }
    let bits = x.to_bits();
    let mut f1 = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0.5f64.to_bits());
    let mut k = f64::from(((bits >> 52) & 0x7ff) as i32 - 0x3fe);
    if f1 <= HALF_SQRT2 {
        k -= 1.0;
        f1 *= 2.0;
    }
    let f = f1 - 1.0;
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (((L[6] * s4 + L[4]) * s4 + L[2]) * s4 + L[0]);
    let t2 = s4 * ((L[5] * s4 + L[3]) * s4 + L[1]);
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values Terraform 1.11.4 gives (`terraform console`, amd64), which
    /// the correctly rounded functions miss in the last digit.
    #[test]
    fn fractional_powers_are_go_s() {
        assert_eq!(go_pow(1.5, 2.5), 2.7556759606310757);
    }
}
