import { Vote } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { toastRequestError } from '../components/request-error';
import { useCreateHuntPrediction } from './api/create-hunt-prediction';

/** One click: "Will this hunt profit?" opens for a collecting hunt; it locks when the hunt opens and resolves when it finishes. */
export function HuntPredictionButton({ huntId }: { huntId: string }) {
  const create = useCreateHuntPrediction();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(huntId, {
          onSuccess: ({ prediction }) => toast({ title: 'Prediction opened', description: prediction.title }),
          onError: (e) => toastRequestError(e, 'The prediction could not be opened'),
        })
      }
    >
      <Vote aria-hidden="true" /> Will this hunt profit?
    </Button>
  );
}
