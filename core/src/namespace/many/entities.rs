//! Operations on entities rather than messages: `update_entity` on a topic, queue or
//! subscription, `add_rule` and `remove_rule` on a subscription (format §4, `topics.md` §7.1,
//! §9).

use super::{EntityOp, Many, Sub, not_found};
use crate::error::{Error, ErrorKind};
use crate::message::Text;
use crate::time::Instant;
use crate::world::{Op, Outcome};
use alloc::format;
use alloc::string::String;

impl Many {
    /// `update_entity`, `add_rule`, `remove_rule` on an entity (format §4, `topics.md` §7.1, §9).
    ///
    /// # Errors
    /// `InvalidOperation` for a refused update, `MessagingEntityAlreadyExists` /
    /// `MessagingEntityNotFound` for rules.
    pub(crate) fn entity_op(
        &mut self,
        now: Instant,
        entity: &str,
        by: &str,
        op: EntityOp,
    ) -> Result<Outcome, Error> {
        self.advance_to(now);
        let path: Text = entity.into();
        match op {
            EntityOp::Update {
                patch,
                filter_exceptions,
            } => {
                if let Some(t) = self.topics.get_mut(entity) {
                    let cfg = patch.apply(&t.config);
                    if cfg.duplicate_detection_window.is_some()
                        != t.config.duplicate_detection_window.is_some()
                    {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "Duplicate detection cannot be enabled or disabled after the topic is created; only its window can change.",
                        ));
                    }
                    if cfg.tier != t.config.tier {
                        return Err(Error::new(
                            ErrorKind::InvalidOperation,
                            "The tier of a topic cannot change.",
                        ));
                    }
                    t.config = cfg;
                    return Ok(Outcome::Done);
                }
                let r = self.apply(now, entity, by, Op::UpdateQueue(patch));
                if r.is_ok()
                    && let Some(f) = filter_exceptions
                    && let Some(s) = self.sub_mut(entity)
                {
                    s.dead_letter_on_filter_exceptions = f;
                }
                r
            }
            EntityOp::AddRule { name, rule } => {
                let s = self.sub_mut(&path).ok_or_else(|| not_found(entity))?;
                if s.rules.keys().any(|k| k.eq_ignore_ascii_case(&name)) {
                    return Err(Error::new(
                        ErrorKind::MessagingEntityAlreadyExists,
                        format!("The rule '{name}' already exists on '{entity}'."),
                    ));
                }
                s.rules.insert(String::from(&*name), rule);
                Ok(Outcome::Done)
            }
            EntityOp::RemoveRule { name } => {
                let s = self.sub_mut(&path).ok_or_else(|| not_found(entity))?;
                let key = s
                    .rules
                    .keys()
                    .find(|k| k.eq_ignore_ascii_case(&name))
                    .cloned()
                    .ok_or_else(|| {
                        Error::new(
                            ErrorKind::MessagingEntityNotFound,
                            format!("The rule '{name}' could not be found on '{entity}'."),
                        )
                    })?;
                s.rules.remove(&key);
                Ok(Outcome::Done)
            }
        }
    }

    fn sub_mut(&mut self, path: &str) -> Option<&mut Sub> {
        self.topics
            .values_mut()
            .flat_map(|t| t.subs.iter_mut())
            .find(|s| &*s.path == path)
    }
}
