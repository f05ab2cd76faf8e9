//! A middlegame/endgame score pair, blended by game phase at the end.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    /// Blends by phase: `phase` 24 is the opening, 0 a bare endgame.
    #[inline]
    pub fn taper(self, phase: i32) -> i32 {
        (self.0 * phase + self.1 * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

pub const MAX_PHASE: i32 = 24;

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}
impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}
impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs, self.1 * rhs)
    }
}
impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        *self = *self + rhs;
    }
}
impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        *self = *self - rhs;
    }
}
