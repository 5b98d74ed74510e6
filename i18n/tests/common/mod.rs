//! What the tests share: a language's `.ftl` source, and compiling it as the programs read it
//! (`settle_i18n::compiled`) with Project Fluent's own parser.

#![allow(dead_code)]

use std::path::PathBuf;
use std::rc::Rc;

use fluent_syntax::ast;
use settle_i18n::compiled::{self, Elem, Key, Message, Pattern, Select};
use settle_i18n::{Lang, Part, Tr};

/// Where `lang`'s `part` is written: `i18n/ftl/<lang>/<part>.ftl`.
#[must_use]
pub(crate) fn ftl_path(lang: Lang, part: Part) -> PathBuf {
    file("ftl", lang, part, "ftl")
}

/// Where it is compiled to: `i18n/compiled/<lang>/<part>.txt`.
#[must_use]
pub(crate) fn compiled_path(lang: Lang, part: Part) -> PathBuf {
    file("compiled", lang, part, "txt")
}

fn file(dir: &str, lang: Lang, part: Part, ext: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join(lang.tag())
        .join(format!("{}.{ext}", part.name()))
}

/// `lang`'s `part` as translators write it.
#[must_use]
pub(crate) fn ftl(lang: Lang, part: Part) -> String {
    let path = ftl_path(lang, part);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The messages of a Fluent text, compiled: each message's value, its text elements joined.
///
/// # Errors
/// A syntax error, a term, an attribute, or an expression Settle's messages do not use (the
/// compiled form has none of them): which, and in which message.
pub(crate) fn compile(text: &str) -> Result<Vec<u8>, String> {
    let res = fluent_syntax::parser::parse(text).map_err(|(_, errs)| {
        format!(
            "{} Fluent syntax error(s), first: {:?}",
            errs.len(),
            errs[0]
        )
    })?;
    let mut messages = Vec::new();
    for entry in res.body {
        match entry {
            ast::Entry::Message(m) => {
                let id = m.id.name;
                if !m.attributes.is_empty() {
                    return Err(format!("{id}: attributes are not compiled"));
                }
                let value = m.value.ok_or_else(|| format!("{id} has no value"))?;
                let pattern = pattern(&value).map_err(|e| format!("{id}: {e}"))?;
                messages.push(Message {
                    id: id.into(),
                    pattern,
                });
            }
            ast::Entry::Term(t) => return Err(format!("-{}: terms are not compiled", t.id.name)),
            ast::Entry::Junk { content } => return Err(format!("not Fluent: {content}")),
            _ => {}
        }
    }
    messages.sort_by(|a, b| a.id.cmp(&b.id));
    if !texts_writable(&messages) {
        return Err("a message holds a control character U+001D to U+001F".into());
    }
    if let Some(twice) = messages.windows(2).find(|w| w[0].id == w[1].id) {
        return Err(format!("{} is defined twice", twice[0].id));
    }
    Ok(compiled::write(&messages).into_bytes())
}

fn texts_writable(messages: &[Message]) -> bool {
    fn ok(p: &[Elem]) -> bool {
        p.iter().all(|e| match e {
            Elem::Text(s) | Elem::Var(s) | Elem::Ref(s) => compiled::writable(s),
            Elem::Select(s) => {
                compiled::writable(&s.var)
                    && s.variants.iter().all(|(k, p)| {
                        let (Key::Name(k) | Key::Number(k)) = k;
                        compiled::writable(k) && ok(p)
                    })
            }
        })
    }
    messages
        .iter()
        .all(|m| compiled::writable(&m.id) && ok(&m.pattern))
}

fn pattern(p: &ast::Pattern<&str>) -> Result<Pattern, String> {
    let mut out: Vec<Elem> = Vec::new();
    let push_text = |out: &mut Vec<Elem>, s: &str| match out.last_mut() {
        Some(Elem::Text(t)) => *t = format!("{t}{s}").into(),
        _ => out.push(Elem::Text(s.into())),
    };
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => push_text(&mut out, value),
            ast::PatternElement::Placeable { expression } => match expression {
                ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
                    push_text(
                        &mut out,
                        &fluent_syntax::unicode::unescape_unicode_to_string(value),
                    );
                }
                ast::Expression::Inline(ast::InlineExpression::VariableReference { id }) => {
                    out.push(Elem::Var(id.name.into()));
                }
                ast::Expression::Inline(ast::InlineExpression::MessageReference {
                    id,
                    attribute: None,
                }) => out.push(Elem::Ref(id.name.into())),
                ast::Expression::Select { selector, variants } => {
                    out.push(Elem::Select(Box::new(select(selector, variants)?)));
                }
                other => return Err(format!("{other:?} is not compiled")),
            },
        }
    }
    Ok(out.into())
}

fn select(
    selector: &ast::InlineExpression<&str>,
    variants: &[ast::Variant<&str>],
) -> Result<Select, String> {
    let (var, ordinal) = match selector {
        ast::InlineExpression::VariableReference { id } => (id.name, false),
        ast::InlineExpression::FunctionReference { id, arguments }
            if id.name == "NUMBER"
                && matches!(
                    &arguments.positional[..],
                    [ast::InlineExpression::VariableReference { .. }]
                )
                && matches!(
                    &arguments.named[..],
                    [ast::NamedArgument { name, value: ast::InlineExpression::StringLiteral { value: "ordinal" } }]
                        if name.name == "type"
                ) =>
        {
            let ast::InlineExpression::VariableReference { id } = &arguments.positional[0] else {
                unreachable!()
            };
            (id.name, true)
        }
        other => return Err(format!("selector {other:?} is not compiled")),
    };
    let mut out = Vec::new();
    let mut default = None;
    for (i, v) in variants.iter().enumerate() {
        let key = match v.key {
            ast::VariantKey::Identifier { name } => Key::Name(name.into()),
            ast::VariantKey::NumberLiteral { value } => Key::Number(value.into()),
        };
        if v.default {
            default = Some(i);
        }
        out.push((key, pattern(&v.value)?));
    }
    Ok(Select {
        var: var.into(),
        ordinal,
        variants: out.into(),
        default: default.ok_or("a select without a default variant")?,
    })
}

/// A language's messages from Fluent texts (compiled here), over `english`.
///
/// # Errors
/// As [`compile`] and [`Tr::new`].
pub(crate) fn tr(lang: Lang, texts: &[&str], english: Rc<Tr>) -> Result<Tr, String> {
    let compiled: Vec<Vec<u8>> = texts
        .iter()
        .map(|t| compile(t).map_err(|e| format!("{lang}: {e}")))
        .collect::<Result<_, _>>()?;
    let parts: Vec<&[u8]> = compiled.iter().map(Vec::as_slice).collect();
    Tr::new(lang, &parts, english)
}
