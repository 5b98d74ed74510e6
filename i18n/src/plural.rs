//! Plural categories by the CLDR's rules, for Settle's four languages only.
//!
//! The rules are the CLDR's own text (release 37, the one `intl_pluralrules` 7 and so
//! `fluent-bundle` use), from `supplemental/plurals.json` and `ordinals.json` of the `cldr-core`
//! package, without their samples. They are read here as the CLDR defines them (UTS #35,
//! "Language Plural Rules"). `intl_pluralrules` links the rules of every CLDR locale, about
//! 4 KB brotli of each page; a test holds these to its answers for both kinds of rule, every
//! language, and numbers of every shape.

use crate::Lang;

/// For each category but `other`, in the CLDR's order, the condition under which a number
/// takes it: cardinal rules (`[one]`, `[few]`), or ordinal ones (`NUMBER($n, type:
/// "ordinal")`).
const fn rules(lang: Lang, ordinal: bool) -> &'static [(&'static str, &'static str)] {
    match (lang, ordinal) {
        (Lang::En, false) => &[("one", "i = 1 and v = 0")],
        (Lang::En, true) => &[
            ("one", "n % 10 = 1 and n % 100 != 11"),
            ("two", "n % 10 = 2 and n % 100 != 12"),
            ("few", "n % 10 = 3 and n % 100 != 13"),
        ],
        (Lang::Cs, false) => &[
            ("one", "i = 1 and v = 0"),
            ("few", "i = 2..4 and v = 0"),
            ("many", "v != 0"),
        ],
        (Lang::Ru, false) => &[
            ("one", "v = 0 and i % 10 = 1 and i % 100 != 11"),
            ("few", "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"),
            (
                "many",
                "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
            ),
        ],
        (Lang::ZhHans, _) | (Lang::Cs | Lang::Ru, true) => &[],
    }
}

/// The plural category (`one`, `few`, `other`, …) of `value` shown with `digits` fraction
/// digits: what Fluent's `[one]` keys match. None for a number whose operands cannot be made
/// (a fraction of more than 19 digits), as in Fluent.
pub(crate) fn category(
    lang: Lang,
    ordinal: bool,
    value: f64,
    digits: Option<u8>,
) -> Option<&'static str> {
    let o = Operands::of(value)?.shown_with(digits);
    for (category, condition) in rules(lang, ordinal) {
        if o.satisfy(condition)? {
            return Some(category);
        }
    }
    Some("other")
}

/// The CLDR's operands of a number: `n` its absolute value, `i` its integer digits, `v` and
/// `f` how many fraction digits it shows and their value, `w` and `t` the same without
/// trailing zeros.
#[derive(Debug, PartialEq)]
struct Operands {
    n: f64,
    i: u64,
    v: u32,
    w: u32,
    f: u64,
    t: u64,
}

impl Operands {
    /// The operands of `value` as `intl_pluralrules` makes them from an `f64`: from its
    /// shortest decimal text, read here with integer parsing only (the crate parses the text
    /// back into a float, which would link the float parser's 10 KB table into every page).
    fn of(value: f64) -> Option<Self> {
        let text = value.abs().to_string();
        // The shortest text has no trailing zeros: w and t are v and f.
        let (i, v, f) = match text.split_once('.') {
            Some((whole, fraction)) => (
                whole.parse().ok()?,
                u32::try_from(fraction.len()).ok()?,
                fraction.parse().ok()?,
            ),
            // Saturating, as the crate's own conversion is.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            None => (value.abs() as u64, 0, 0),
        };
        Some(Self {
            n: value.abs(),
            i,
            v,
            w: v,
            f,
            t: f,
        })
    }

    /// As Fluent: the fraction digits shown count (1,0 sekundy, 1 sekunda), trailing zeros
    /// included.
    fn shown_with(mut self, digits: Option<u8>) -> Self {
        if let Some(d) = digits.map(u32::from)
            && d > self.v
        {
            self.f *= 10_u64.pow(d - self.v);
            self.v = d;
        }
        self
    }

    /// Whether a condition holds: relations joined by `and`, those by `or`. None for text
    /// that is no condition.
    fn satisfy(&self, condition: &str) -> Option<bool> {
        let mut any = false;
        for all in condition.split(" or ") {
            let mut holds = true;
            for relation in all.split(" and ") {
                holds &= self.relation(relation)?;
            }
            any |= holds;
        }
        Some(any)
    }

    /// `operand [% m] = ranges` or `!=`: whether the operand (modulo `m`) is one of the
    /// ranges' whole numbers (`2..4,7`).
    fn relation(&self, relation: &str) -> Option<bool> {
        let (expr, ranges, negated) = match relation.split_once("!=") {
            Some((e, r)) => (e, r, true),
            None => relation.split_once('=').map(|(e, r)| (e, r, false))?,
        };
        let mut words = expr.split_whitespace();
        let operand = words.next()?;
        let modulo = match (words.next(), words.next(), words.next()) {
            (None, ..) => None,
            (Some("%"), Some(m), None) => Some(m.parse::<u32>().ok()?),
            _ => return None,
        };
        // `n % m` is read as `i % m`, as `intl_pluralrules`, and so Fluent, reads it (the CLDR
        // keeps n's fraction): the two differ only for an ordinal of a number with a fraction.
        #[allow(clippy::cast_precision_loss)]
        let x = if operand == "n" && modulo.is_none() {
            self.n
        } else {
            let v = match operand {
                "i" | "n" => self.i,
                "v" => u64::from(self.v),
                "w" => u64::from(self.w),
                "f" => self.f,
                "t" => self.t,
                _ => return None,
            };
            modulo.map_or(v, |m| v % u64::from(m)) as f64
        };
        let mut inside = false;
        for range in ranges.trim().split(',') {
            let (low, high) = range.split_once("..").unwrap_or((range, range));
            let (low, high) = (low.parse::<u32>().ok()?, high.parse::<u32>().ok()?);
            inside |= x.fract() == 0.0 && f64::from(low) <= x && x <= f64::from(high);
        }
        Some(inside != negated)
    }
}

#[cfg(test)]
mod tests {
    use super::{Operands, category};
    use crate::Lang;
    use intl_pluralrules::operands::PluralOperands;
    use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

    /// Numbers of every shape: edge values, whole numbers to 1,200, then a spread of
    /// magnitudes and fractions.
    fn numbers() -> Vec<f64> {
        let mut values = vec![
            -0.0,
            0.5,
            1.5,
            0.1,
            0.25,
            1.05,
            1e15,
            1e16,
            1.5e16,
            9.007_199_254_740_993e15,
            1e19,
            1.8e19,
            1e20,
            1e300,
            1e-7,
            1.234e-5,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            123.456,
            -1234.567,
        ];
        values.extend((0..1200_u32).map(f64::from));
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = i32::try_from(x % 12).unwrap();
            #[allow(clippy::cast_precision_loss)]
            let v = (x >> 20) as f64 / 10f64.powi(digits);
            values.push(if x & 1 == 0 { v } else { -v });
        }
        values
    }

    /// The crate's form of our operands.
    fn theirs(o: &Operands) -> PluralOperands {
        PluralOperands {
            n: o.n,
            i: o.i,
            v: o.v as usize,
            w: o.w as usize,
            f: o.f,
            t: o.t,
        }
    }

    /// The operands read with integer parsing equal the crate's own, which parses a float.
    #[test]
    fn operands_equal_the_crates_own() {
        for v in numbers() {
            let ours = Operands::of(v).as_ref().map(theirs);
            assert_eq!(ours, PluralOperands::try_from(v).ok(), "{v}");
        }
    }

    /// Every language's categories, cardinal and ordinal, are `intl_pluralrules`' for every
    /// number, shown with its own digits and with 1 to 3 fixed fraction digits.
    #[test]
    fn categories_are_intl_pluralrules() {
        let mut seen = std::collections::BTreeSet::new();
        for lang in Lang::ALL {
            let tag = match lang {
                Lang::ZhHans => "zh",
                _ => lang.tag(),
            };
            for (ordinal, kind) in [
                (false, PluralRuleType::CARDINAL),
                (true, PluralRuleType::ORDINAL),
            ] {
                let rules = PluralRules::create(
                    tag.parse::<unic_langid::LanguageIdentifier>().unwrap(),
                    kind,
                )
                .unwrap();
                for v in numbers() {
                    for digits in [None, Some(1), Some(2), Some(3)] {
                        let ours = category(lang, ordinal, v, digits);
                        let want = Operands::of(v).map(|o| {
                            match rules.select(theirs(&o.shown_with(digits))).unwrap() {
                                PluralCategory::ZERO => "zero",
                                PluralCategory::ONE => "one",
                                PluralCategory::TWO => "two",
                                PluralCategory::FEW => "few",
                                PluralCategory::MANY => "many",
                                PluralCategory::OTHER => "other",
                            }
                        });
                        assert_eq!(ours, want, "{lang} ordinal={ordinal} {v} {digits:?}");
                        seen.insert((lang.tag(), ordinal, ours));
                    }
                }
            }
        }
        // Every category each language has was met (the rules are not all "other").
        for (lang, ordinal, categories) in [
            ("en", false, &["one", "other"][..]),
            ("en", true, &["one", "two", "few", "other"]),
            ("cs", false, &["one", "few", "many", "other"]),
            ("ru", false, &["one", "few", "many", "other"]),
            ("ru", true, &["other"]),
            ("zh-Hans", false, &["other"]),
        ] {
            for c in categories {
                assert!(
                    seen.contains(&(lang, ordinal, Some(*c))),
                    "{lang} {ordinal} {c}"
                );
            }
        }
    }

    /// Text that is no condition is no category, never a panic.
    #[test]
    fn a_bad_condition_is_none() {
        let o = Operands::of(1.0).unwrap();
        for bad in [
            "",
            "i",
            "i = ",
            "x = 1",
            "i % = 1",
            "i % 10 10 = 1",
            "i = a..b",
            "i = 1..",
            "i ~ 1",
        ] {
            assert_eq!(o.satisfy(bad), None, "{bad:?}");
        }
        assert_eq!(o.satisfy("i = 1 and v = 0"), Some(true));
        assert_eq!(o.satisfy("i = 2 or v = 0"), Some(true));
        assert_eq!(o.satisfy("i = 0,2..4"), Some(false));
    }
}
