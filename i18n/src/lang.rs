//! The four languages and how one is chosen from a `lang=` value or a browser's preferences.

use core::fmt;

/// A language Settle speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Lang {
    #[default]
    En,
    ZhHans,
    Cs,
    Ru,
}

impl Lang {
    /// Every language, in the menu's order.
    pub const ALL: [Self; 4] = [Self::En, Self::ZhHans, Self::Cs, Self::Ru];

    /// The BCP 47 tag: what `lang=` and `<html lang>` carry.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::ZhHans => "zh-Hans",
            Self::Cs => "cs",
            Self::Ru => "ru",
        }
    }

    /// The language's name in itself, as the menu shows it.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Self::En => "English",
            Self::ZhHans => "简体中文",
            Self::Cs => "Čeština",
            Self::Ru => "Русский",
        }
    }

    /// The decimal separator: 3.5 s in English and Chinese, 3,5 s in Czech and Russian.
    #[must_use]
    pub const fn decimal_separator(self) -> char {
        match self {
            Self::En | Self::ZhHans => '.',
            Self::Cs | Self::Ru => ',',
        }
    }

    /// The language a tag names: `en`, `zh-Hans` (also `zh`, `zh-CN`, `zh-SG`), `cs`, `ru`,
    /// with any region (`en-GB`, `ru-RU`), in any case. Traditional Chinese (`zh-Hant`,
    /// `zh-TW`, `zh-HK`, `zh-MO`) is not Simplified Chinese: `None`.
    #[must_use]
    pub fn parse(tag: &str) -> Option<Self> {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = tag.split('-');
        match parts.next()? {
            "en" => Some(Self::En),
            "cs" => Some(Self::Cs),
            "ru" => Some(Self::Ru),
            "zh" => {
                let traditional = parts.any(|p| matches!(p, "hant" | "tw" | "hk" | "mo"));
                (!traditional).then_some(Self::ZhHans)
            }
            _ => None,
        }
    }

    /// The first of a person's preferred languages that Settle speaks, else English.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Self {
        preferred
            .into_iter()
            .find_map(Self::parse)
            .unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn tags_parse_as_the_address_may_write_them() {
        for (tag, lang) in [
            ("en", Lang::En),
            ("EN-us", Lang::En),
            ("zh-Hans", Lang::ZhHans),
            ("zh", Lang::ZhHans),
            ("zh-CN", Lang::ZhHans),
            ("zh_Hans_CN", Lang::ZhHans),
            ("cs", Lang::Cs),
            ("cs-CZ", Lang::Cs),
            ("ru", Lang::Ru),
            (" ru-RU ", Lang::Ru),
        ] {
            assert_eq!(Lang::parse(tag), Some(lang), "{tag}");
        }
        for tag in ["", "de", "zh-Hant", "zh-TW", "zh-Hant-HK", "czech", "e"] {
            assert_eq!(Lang::parse(tag), None, "{tag}");
        }
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.tag()), Some(lang));
        }
    }

    #[test]
    fn the_first_preferred_language_spoken_wins() {
        assert_eq!(Lang::negotiate(["de-DE", "ru", "cs"]), Lang::Ru);
        assert_eq!(Lang::negotiate(["zh-TW", "zh-CN"]), Lang::ZhHans);
        assert_eq!(Lang::negotiate(["de", "fr"]), Lang::En);
        assert_eq!(Lang::negotiate([]), Lang::En);
    }
}
