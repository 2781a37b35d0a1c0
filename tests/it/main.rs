//! Integration tests: the AWS adapters and Lambda handlers against the emulator, the HTTP
//! client and the `feedhound` CLI against the fixture web. One binary, a module per area.
//!
//! Needs the emulator: run `bash tests/run.sh`, which installs and starts it. Without
//! `AWS_ENDPOINT_URL` the AWS tests fail and say how to start one.
#![allow(clippy::unwrap_used, missing_docs)]

mod aws_adapters;
mod cli;
mod deployed;
mod discovery;
mod extraction;
mod feeds;
mod hardening;
mod harness;
mod http_client;
mod lambda_events;
mod pipeline;
mod politeness;
mod sampler;
mod search;
mod web;
