//! Stand-ins for `settle-core`'s run of a document with `entities`, for builds without the
//! `entities` feature (the embeds' viewer, `crate::view`: the topic broker, the SQL filter
//! parser and the entities' runner are 47 KB of its wasm).
//!
//! Without the feature the core's parser refuses a document with entities, so no such run can
//! exist: [`NsRun`] has the real one's shape and no values at all (an empty enum). The
//! simulation's code for entities still type-checks against it and compiles to nothing; its
//! two places that would start a run are left out by `cfg` (`crate::sim`).

use settle_core::World;
use settle_core::actors::ActorStats;
use settle_core::namespace::{CopyOf, Namespace};
use settle_core::{Instant, Text};
use settle_scenario::{BudgetError, J, Record, Step};
use std::rc::Rc;

/// A run of a document with entities: none can exist in this build.
#[derive(Clone, Debug)]
pub(crate) enum NsRun {}

/// A record of such a run, as the real one hands them over.
#[allow(
    dead_code,
    reason = "the real record's shape; no value of it is ever made"
)]
pub(crate) struct NsRecord<'a> {
    pub world: &'a World,
    pub record: Record<'a>,
    pub entity: Option<&'a Text>,
    pub copy: Option<&'a CopyOf>,
}

impl NsRun {
    pub(crate) fn replace_steps(&mut self, _: Rc<[Step]>) {
        match *self {}
    }

    pub(crate) fn steps(&self) -> &[Step] {
        match *self {}
    }

    pub(crate) fn next_step(&self) -> usize {
        match *self {}
    }

    pub(crate) fn actor_stats(&self) -> Vec<(Text, bool, ActorStats)> {
        match *self {}
    }

    pub(crate) fn namespace(&self) -> &Namespace {
        match *self {}
    }

    pub(crate) fn next_due(&self) -> Option<Instant> {
        match *self {}
    }

    pub(crate) fn advance_records(
        &mut self,
        _: Instant,
        _: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<(), BudgetError> {
        match *self {}
    }
}
