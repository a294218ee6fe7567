import { useState } from "react";

import { UploadField } from "~/components/forms/UploadField";

/**
 * An image upload that keeps its own value (the stored image's URL), starting at `defaultValue`:
 * the image field of a form that sends it along with the other fields. An image already uploaded
 * may be chosen from the media library instead.
 */
export function ImageUploadField({
  defaultValue = "",
  failureMessage = "Error uploading image",
  removable = false,
  ...field
}: {
  name: string;
  label: string;
  defaultValue?: string;
  onUploadingChange: (uploading: boolean) => void;
  /** SPEC.md's words for a failed upload on this form. */
  failureMessage?: string;
  /** The field is optional: offer "Remove image". */
  removable?: boolean;
}) {
  const [image, setImage] = useState(defaultValue);
  return (
    <UploadField
      {...field}
      purpose="image"
      value={image}
      onChange={setImage}
      failureMessage={failureMessage}
      missingMessage="Please select an image" // SPEC.md
      library
      removable={removable}
    />
  );
}
