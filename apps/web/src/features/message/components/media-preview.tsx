/** An image thumbnail when the media's extension is an image's, else a 'View Media' link (spec part 2 §2). */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'];

export function isImageName(name: string | null): boolean {
  const extension = name?.split('.').pop()?.toLowerCase() ?? '';
  return IMAGE_EXTENSIONS.includes(extension);
}

export function MediaPreview({ url, name }: { url: string | null; name: string | null }) {
  if (!url) return <span className="text-slate-400">-</span>;
  if (isImageName(name)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        <img
          src={url}
          alt={name ?? 'Media'}
          className="size-14 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
        />
      </a>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-600 hover:underline">
      View Media
    </a>
  );
}
