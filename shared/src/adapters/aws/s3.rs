use async_trait::async_trait;
use aws_sdk_s3::Client;
use aws_sdk_s3::primitives::ByteStream;
use bytes::Bytes;

use super::{ProvisionError, boxed, sdk_message};
use crate::ports::{PageStore, PageStoreError, check_location};

/// Records and raw bodies in one S3 bucket, at the same locations as the data directory.
#[derive(Debug, Clone)]
pub struct S3PageStore {
    client: Client,
    bucket: String,
}

impl S3PageStore {
    /// The store on `bucket`.
    pub fn new(client: Client, bucket: impl Into<String>) -> Self {
        Self { client, bucket: bucket.into() }
    }
}

fn backend<'a, E, R>(
    op: &'static str,
    location: &'a str,
) -> impl Fn(aws_sdk_s3::error::SdkError<E, R>) -> PageStoreError + 'a
where
    E: std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    move |e| {
        use aws_sdk_s3::error::SdkError;
        let retryable =
            matches!(e, SdkError::TimeoutError(_) | SdkError::DispatchFailure(_) | SdkError::ResponseError(_));
        PageStoreError::Backend { op, location: location.to_owned(), retryable, source: boxed(e) }
    }
}

#[async_trait]
impl PageStore for S3PageStore {
    async fn put(&self, location: &str, bytes: Bytes, content_type: &str) -> Result<(), PageStoreError> {
        check_location(location)?;
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(location)
            .content_type(content_type)
            .body(ByteStream::from(bytes))
            .send()
            .await
            .map_err(backend("put_object", location))?;
        Ok(())
    }

    async fn get(&self, location: &str) -> Result<Option<Bytes>, PageStoreError> {
        check_location(location)?;
        match self.client.get_object().bucket(&self.bucket).key(location).send().await {
            Ok(out) => {
                let data = out.body.collect().await.map_err(|e| PageStoreError::Backend {
                    op: "get_object",
                    location: location.to_owned(),
                    retryable: true,
                    source: boxed(e),
                })?;
                Ok(Some(data.into_bytes()))
            }
            Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => Ok(None),
            Err(e) => Err(backend("get_object", location)(e)),
        }
    }

    async fn delete(&self, location: &str) -> Result<(), PageStoreError> {
        check_location(location)?;
        self.client
            .delete_object()
            .bucket(&self.bucket)
            .key(location)
            .send()
            .await
            .map_err(backend("delete_object", location))?;
        Ok(())
    }

    async fn list(&self, prefix: &str) -> Result<Vec<String>, PageStoreError> {
        let mut out = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let page = self
                .client
                .list_objects_v2()
                .bucket(&self.bucket)
                .prefix(prefix)
                .set_continuation_token(token.take())
                .send()
                .await
                .map_err(backend("list_objects_v2", prefix))?;
            out.extend(page.contents().iter().filter_map(|o| o.key().map(str::to_owned)));
            match page.next_continuation_token() {
                Some(t) if page.is_truncated().unwrap_or(false) => token = Some(t.to_owned()),
                _ => break,
            }
        }
        out.sort();
        Ok(out)
    }
}

/// Create the bucket (an existing bucket of ours is fine).
pub(super) async fn create_bucket(client: &Client, bucket: &str) -> Result<(), ProvisionError> {
    match client.create_bucket().bucket(bucket).send().await {
        Ok(_) => Ok(()),
        Err(e)
            if e.as_service_error()
                .is_some_and(|s| s.is_bucket_already_owned_by_you() || s.is_bucket_already_exists()) =>
        {
            Ok(())
        }
        Err(e) => Err(ProvisionError { resource: format!("bucket {bucket}"), message: sdk_message(&e) }),
    }
}
