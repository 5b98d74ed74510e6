//! What Settle makes from a scenario, for readers outside the playground: its story as a static
//! SVG ([`svg`]) and programs for the Azure Service Bus SDKs ([`sdk`]). Both run the scenario
//! through `settle-scenario`'s public runner and draw or write what it produced.
#![no_std]
#![forbid(unsafe_code)]
#![warn(
    missing_docs,
    clippy::std_instead_of_core,
    clippy::alloc_instead_of_core,
    clippy::std_instead_of_alloc
)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod artifact;
pub mod sdk;
// The picture's words are Fluent messages (`settle-i18n`), which need std: on a bare-metal
// target, where there is none, the crate builds without it.
#[cfg(not(target_os = "none"))]
pub mod svg;
