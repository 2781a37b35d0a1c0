//! The part of [crc-fast](https://crates.io/crates/crc-fast)'s API that `aws-smithy-checksums`
//! calls — [`Digest::new`], [`Digest::update`], [`Digest::finalize`] and [`checksum`] — for the
//! three algorithms it asks for, computed by the `crc` crate with one 256-entry table each.
//!
//! Why it exists: crc-fast picks its algorithm at run time from an enum of about forty, so a
//! program that computes one CRC links the tables of all of them. The AWS SDK's checksums
//! need three; a bootstrap with an S3 client carried about 700 KB of tables it never reads.
//! Speed is not the point here: the SDK checksums request and response bodies of at most a
//! few megabytes, at hundreds of megabytes a second with a byte-wise table.

use crc::{Crc, Digest as CrcDigest, Table};

/// The CRC algorithms the AWS SDK computes (crc-fast's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CrcAlgorithm {
    /// CRC-32/ISO-HDLC, the common CRC-32 (zlib, PNG): S3's `CRC32`.
    Crc32IsoHdlc,
    /// CRC-32/ISCSI, Castagnoli: S3's `CRC32C`.
    Crc32Iscsi,
    /// CRC-64/NVME: S3's `CRC64NVME`.
    Crc64Nvme,
}

static CRC32_ISO_HDLC: Crc<u32, Table<1>> = Crc::<u32, Table<1>>::new(&crc::CRC_32_ISO_HDLC);
static CRC32_ISCSI: Crc<u32, Table<1>> = Crc::<u32, Table<1>>::new(&crc::CRC_32_ISCSI);
static CRC64_NVME: Crc<u64, Table<1>> = Crc::<u64, Table<1>>::new(&crc::CRC_64_NVME);

/// A running CRC: feed it with [`Digest::update`], read it with [`Digest::finalize`].
#[derive(Clone)]
pub struct Digest {
    algorithm: CrcAlgorithm,
    state: State,
}

#[derive(Clone)]
enum State {
    U32(CrcDigest<'static, u32, Table<1>>),
    U64(CrcDigest<'static, u64, Table<1>>),
}

impl Digest {
    /// A digest of no bytes yet.
    pub fn new(algorithm: CrcAlgorithm) -> Self {
        let state = match algorithm {
            CrcAlgorithm::Crc32IsoHdlc => State::U32(CRC32_ISO_HDLC.digest()),
            CrcAlgorithm::Crc32Iscsi => State::U32(CRC32_ISCSI.digest()),
            CrcAlgorithm::Crc64Nvme => State::U64(CRC64_NVME.digest()),
        };
        Self { algorithm, state }
    }

    /// Adds `data` to the digest.
    pub fn update(&mut self, data: &[u8]) {
        match &mut self.state {
            State::U32(digest) => digest.update(data),
            State::U64(digest) => digest.update(data),
        }
    }

    /// The CRC of everything added so far (a 32-bit CRC in the low half); the digest can go on.
    pub fn finalize(&self) -> u64 {
        match &self.state {
            State::U32(digest) => u64::from(digest.clone().finalize()),
            State::U64(digest) => digest.clone().finalize(),
        }
    }

    /// [`Digest::finalize`], then starts again from no bytes.
    pub fn finalize_reset(&mut self) -> u64 {
        let crc = self.finalize();
        self.reset();
        crc
    }

    /// Starts again from no bytes.
    pub fn reset(&mut self) {
        *self = Self::new(self.algorithm);
    }
}

impl std::fmt::Debug for Digest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Digest").field("algorithm", &self.algorithm).finish_non_exhaustive()
    }
}

/// The CRC of `buf` in one call.
pub fn checksum(algorithm: CrcAlgorithm, buf: &[u8]) -> u64 {
    let mut digest = Digest::new(algorithm);
    digest.update(buf);
    digest.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each algorithm's check value: the CRC of the ASCII digits "123456789", as the CRC
    /// catalogue (and crc-fast's own tests) give it.
    #[test]
    fn check_values_match_the_catalogue() {
        assert_eq!(checksum(CrcAlgorithm::Crc32IsoHdlc, b"123456789"), 0xcbf4_3926);
        assert_eq!(checksum(CrcAlgorithm::Crc32Iscsi, b"123456789"), 0xe306_9283);
        assert_eq!(checksum(CrcAlgorithm::Crc64Nvme, b"123456789"), 0xae8b_1486_0a79_9888);
    }

    #[test]
    fn a_digest_fed_in_pieces_equals_one_call_and_can_go_on_after_finalize() {
        let data: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        for algorithm in [CrcAlgorithm::Crc32IsoHdlc, CrcAlgorithm::Crc32Iscsi, CrcAlgorithm::Crc64Nvme] {
            let mut digest = Digest::new(algorithm);
            let (head, tail) = data.split_at(3_333);
            digest.update(head);
            assert_eq!(digest.finalize(), checksum(algorithm, head));
            digest.update(tail);
            assert_eq!(digest.finalize(), checksum(algorithm, &data));
            assert_eq!(digest.finalize_reset(), checksum(algorithm, &data));
            assert_eq!(digest.finalize(), checksum(algorithm, b""));
        }
    }

    /// S3's `CRC32` is zlib's CRC-32: `zlib.crc32(b"The quick brown fox jumps over the lazy dog")`.
    #[test]
    fn crc32_is_zlibs() {
        assert_eq!(checksum(CrcAlgorithm::Crc32IsoHdlc, b"The quick brown fox jumps over the lazy dog"), 0x414f_a339);
    }
}
