//! The scenario as a program for the Azure Service Bus SDKs (feature `sdk`).
use super::Scenario;
use super::artifact::ArtifactError;
use alloc::string::String;

/// Python.
///
/// # Errors
/// Not yet.
pub fn python(_sc: &Scenario) -> Result<String, ArtifactError> {
    Err(ArtifactError {
        message: "not yet".into(),
    })
}
/// TypeScript.
///
/// # Errors
/// Not yet.
pub fn typescript(_sc: &Scenario) -> Result<String, ArtifactError> {
    Err(ArtifactError {
        message: "not yet".into(),
    })
}
